import '../../lib/zod-setup';
import { render } from 'preact';
import { App } from '../../components/App';
import { downloadFile } from '../../lib/popup/download';
import { createPopupModel } from '../../lib/popup/model';
import { hostAccessApi, runtimeApi } from './api';
import './style.css';

const model = createPopupModel(runtimeApi, { download: (file) => downloadFile(file), hostAccess: hostAccessApi });
render(<App model={model} />, document.getElementById('app') as HTMLElement);
model.start();
// Stop polling when the popup or tab goes away; start again if the page is restored from cache.
addEventListener('pagehide', () => model.stop());
addEventListener('pageshow', () => model.start());
