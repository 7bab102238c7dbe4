// The proof-of-work solver of the ALTCHA widget, bundled as a same-origin worker file: the page's
// Content-Security-Policy allows workers from 'self' only, not the widget's own blob: workers.
import 'altcha/worker';
