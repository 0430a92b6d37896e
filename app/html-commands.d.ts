import 'react';

// HTML's invoker commands and light dismiss (Chromium 134-135, Safari 26, Firefox 144), not yet
// in @types/react: a button opens or closes a dialog by itself, before any script has run
// (issue 29, docs/server-render.md). React passes them through as attributes.
declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover';
    commandfor?: string;
  }
  interface DialogHTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none';
  }
}
