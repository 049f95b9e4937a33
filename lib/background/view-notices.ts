/**
 * What a handler may do to the views: say a word to the person (the notice, shown only in the
 * company's view it is about), mark the state changed (the views poll again, the badge redraws), and
 * answer with the popup's state.
 */
import type { CompanyScope } from '../domain/scope';
import type { PopupState } from '../messaging/views';

export interface ViewNotices {
  /** `scope`: the company the notice is about (a refused click, a failed sign-in from its view). */
  setNotice(next: PopupState['notice'], scope?: CompanyScope): void;
  changed(): void;
  state(): Promise<PopupState>;
}
