// The public remote of the module federation; the shared remote configuration lives in web-platform.
import { remoteWebpackConfig } from '@b2g/web-platform/remote-webpack';
import { EXPOSES } from './src/exposes.mjs';

export default remoteWebpackConfig({
  name: 'public',
  port: 3001,
  exposes: EXPOSES,
  packageDir: new URL('./', import.meta.url),
});
