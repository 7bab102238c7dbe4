import { StandaloneApp } from '@b2g/web-platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { STANDALONE_ROUTES } from './routes.js';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <StandaloneApp name="admin" routes={STANDALONE_ROUTES} />
  </StrictMode>,
);
