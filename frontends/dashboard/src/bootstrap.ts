import { mountStandaloneApp } from '@b2g/web-platform/standalone';
import { STANDALONE_ROUTES } from './routes.js';

mountStandaloneApp({ name: 'dashboard', routes: STANDALONE_ROUTES });
