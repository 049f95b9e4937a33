import { defineBackground } from 'wxt/utils/define-background';

export default defineBackground(() => {
  // Wiring comes with the engine; the service worker starts and stays passive.
});
