import { render } from 'preact';

render(<main>Safe Delete</main>, document.getElementById('app') as HTMLElement);
