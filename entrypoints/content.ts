import { defineContentScript } from 'wxt/utils/define-content-script';

export default defineContentScript({
  matches: ['https://*.qbo.intuit.com/app/*', 'https://qbo.intuit.com/app/*'],
  main() {
    document.documentElement.dataset.safeDelete = 'ready';
  },
});
