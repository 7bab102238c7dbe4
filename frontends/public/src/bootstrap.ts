import { mountStandaloneApp } from '@b2g/web-platform';
import { STANDALONE_ROUTES } from './routes.js';

mountStandaloneApp({ name: 'public', routes: STANDALONE_ROUTES });
