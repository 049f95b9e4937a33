/** Fails the run once, in words, when Firefox ESR or the Firefox build is missing (not once per test). */
import { firefoxProblem } from '../../tools/firefox/firefox';

export default function globalSetup(): void {
  const problem = firefoxProblem();
  if (problem) throw new Error(`\n\nThe Firefox end-to-end suite cannot run:\n${problem}\n`);
}
