export { openApiDocument, openApiPath } from './openapi.js';
export { API_ROUTES, API_SERVICES } from './routes.js';
export type { ApiAnswer, ApiMethod, ApiRouteDescription, ApiService } from './routes.js';
