import { mountStandaloneApp } from '@b2g/web-platform/standalone';
import { STANDALONE_ROUTES } from './routes.js';

mountStandaloneApp({ name: 'public', routes: STANDALONE_ROUTES });
