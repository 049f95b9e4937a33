/**
 * Saves a file the way a page can without the downloads permission: a Blob, an object URL and a
 * click on a temporary `<a download>`. Used by the popup entry; components never touch it.
 */
/**
 * A file handed to the person: its text in parts (a Blob joins them; no giant string is built), or
 * a Blob already made (the Excel report).
 */
export interface DownloadFile {
  filename: string;
  mime: string;
  parts: readonly (string | Blob)[];
}

export function downloadFile(file: DownloadFile, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([...file.parts], { type: file.mime }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = file.filename;
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  // Revoke later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
