import { mountStandaloneApp } from '@b2g/web-platform';
import { STANDALONE_ROUTES } from './routes.js';

mountStandaloneApp({ name: 'admin', routes: STANDALONE_ROUTES });
