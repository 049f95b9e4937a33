/**
 * The browser notification of a job that finished while no view watched it: its title and message,
 * from the job's counts (the background builds the notification from these words). Pure.
 */

export function finishedNotice(done: number, doneGroup: string, total: number): { title: string; message: string } {
  return { title: 'Safe Delete finished', message: `${done} ${doneGroup} of ${total}. Open Safe Delete for details.` };
}
