import { defineConfig } from 'vite';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

// The API server the dev proxy forwards to (server/main.ts listens on 8080 by default).
const API_TARGET = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/** Node-module path test that works with both separators. */
const nodeModule = (names: string): RegExp => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/** antd Table's tree-mode filter pulls rc-tree into every list; see src/vendor-stubs/table-tree-filter.ts. */
const FILTER_DROPDOWN = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/;
function tableWithoutTreeFilter(): Plugin {
  return {
    name: 'antd-table-without-tree-filter',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../../../tree' && importer && FILTER_DROPDOWN.test(importer))
        return path.resolve('src/vendor-stubs/table-tree-filter.ts');
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), tableWithoutTreeFilter()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React and the router change rarely: one long-cached chunk every page needs.
              name: 'vendor-react',
              test: nodeModule(
                'react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser',
              ),
              priority: 30,
            },
            {
              // antd's core and its helpers: one long-cached chunk.
              name: 'vendor-antd',
              test: nodeModule(
                'antd|@ant-design|@rc-component|rc-[^\\\\/]+|@emotion|classnames|clsx|stylis|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|dayjs|@babel[\\\\/]runtime',
              ),
              priority: 20,
              // Only what the entry itself needs (ConfigProvider, App, feedback, theme); component code
              // follows the pages that import it, so the sign-in page never loads the shell's pieces.
              tags: ['$initial'],
            },
            {
              // antd's pieces of the sign-in form (form, input, tabs, checkbox, button, grid) with
              // everything they import that no group above took, as one file: the first page a
              // visitor sees downloads a few files instead of ~50 small ones, whose separate gzip
              // streams cost ~20 KiB. The signed-in pages reuse all of it (forms are everywhere).
              name: 'antd-form',
              test: /[\\/]node_modules[\\/]antd[\\/]es[\\/](form|input|tabs|checkbox|button|grid)[\\/]index\.js$/,
              priority: 15,
            },
            {
              // The sign-in screen's own code: a file of its own, so the workbench does not load it.
              name: 'signin',
              test: /[\\/](screens[\\/]user[\\/](Login|LoginAccountForm|LoginPhoneForm|CaptchaImage|SmsCodeField|useCaptcha|useCountdown|rules|login-[^\\/]+)|src[\\/]layouts[\\/]UserLayout)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 14,
            },
            {
              // The app's small shared modules (session store, storage, keys, the request helpers,
              // config, feedback): one file instead of a dozen sub-kilobyte ones. Not their
              // dependencies: axios (src/http/instance) must stay out of the first load.
              name: 'app-core',
              test: /[\\/]src[\\/](session[\\/][^\\/]+|http[\\/](client|port|file-url|throttle)|config|feedback)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 13,
            },
            {
              // axios loads with the first request through src/http/client (not with the entry), so
              // it must not share a file with anything the sign-in page needs earlier.
              name: 'vendor-axios',
              test: nodeModule('axios'),
              priority: 40,
            },
          ],
        },
      },
    },
  },
});
