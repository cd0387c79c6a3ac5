import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server the dev proxy forwards to (server/main.ts listens on 8080 by default).
const API_TARGET = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/** Node-module path test that works with both separators. */
const nodeModule = (names: string): RegExp => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  plugins: [react()],
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
              // The sign-in page and everything it imports that no group above took (antd's form,
              // input, tabs, checkbox...), as one file: the first page a visitor sees downloads a few
              // files instead of ~50 small ones, whose separate gzip streams cost ~20 KiB. The
              // workbench reuses most of it (forms and buttons are everywhere).
              name: 'signin',
              test: /[\\/](screens[\\/]user[\\/](Login|LoginAccountForm|LoginPhoneForm|login-[^\\/]+)|src[\\/]layouts[\\/](UserLayout|BrandMark))\.tsx?$/,
              priority: 15,
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
