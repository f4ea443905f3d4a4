import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Workspace packages are read from their sources, so building the web app needs no package build. */
const packageSource = (name: string) => fileURLToPath(new URL(`../../packages/${name}/src/index.ts`, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@atlas/domain': packageSource('domain'),
      '@atlas/routes': packageSource('routes'),
      '@atlas/client': packageSource('client'),
    },
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: {
      '/v1': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The lazily loaded dashboard chunk carries ECharts (about 650 kB before gzip); everything else stays far below.
    chunkSizeWarningLimit: 700,
  },
});
