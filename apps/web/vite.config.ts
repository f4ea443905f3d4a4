import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Workspace packages are read from their sources, so building the web app needs no package build. */
const packageSource = (name: string) => fileURLToPath(new URL(`../../packages/${name}/src/index.ts`, import.meta.url));

// kepler.gl's CommonJS code requires apache-arrow and would get its CommonJS build while our code imports its ES
// build: two copies of every Arrow class, whose instanceof checks fail as soon as a table has two record batches
// ("Table and inner RecordBatch schemas must be equivalent"). Both resolve to the ES build.
const arrowDir = path.dirname(createRequire(import.meta.url).resolve('apache-arrow'));

// kepler.gl (the map builder) follows its own Vite example: one copy of React, styled-components, deck.gl and
// luma.gl (two copies break contexts and WebGL state), its CommonJS packages pre-bundled, and `process.env` defined
// because its dependencies read it in the browser.
const SINGLE_COPY = [
  'react',
  'react-dom',
  'react-redux',
  'redux',
  'styled-components',
  'apache-arrow',
  'maplibre-gl',
  '@deck.gl/core',
  '@deck.gl/layers',
  '@deck.gl/aggregation-layers',
  '@deck.gl/geo-layers',
  '@deck.gl/mesh-layers',
  '@deck.gl/extensions',
  '@deck.gl/react',
  '@luma.gl/core',
  '@luma.gl/constants',
  '@luma.gl/engine',
  '@luma.gl/webgl',
  '@luma.gl/shadertools',
];

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: {
    'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development'),
    'process.env': '{}',
  },
  resolve: {
    alias: [
      { find: /^apache-arrow$/, replacement: path.join(arrowDir, 'Arrow.dom.mjs') },
      { find: /^apache-arrow\/(.+?)(\.m?js)?$/, replacement: path.join(arrowDir, '$1.mjs') },
      { find: '@atlas/domain', replacement: packageSource('domain') },
      { find: '@atlas/routes', replacement: packageSource('routes') },
      { find: '@atlas/client', replacement: packageSource('client') },
    ],
    dedupe: SINGLE_COPY,
  },
  optimizeDeps: {
    include: [
      '@kepler.gl/actions',
      '@kepler.gl/components',
      '@kepler.gl/constants',
      '@kepler.gl/processors',
      '@kepler.gl/reducers',
      '@kepler.gl/schemas',
      '@kepler.gl/utils',
      'react-redux',
      'redux',
      'styled-components',
    ],
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
    commonjsOptions: { transformMixedEsModules: true },
    // The map builder's lazily loaded chunk carries kepler.gl, deck.gl and MapLibre (about 12 MB before gzip); it is
    // only fetched on /new and /{mapId}. Every other chunk stays below 700 kB (the dashboards' ECharts is the largest).
    chunkSizeWarningLimit: 700,
  },
}));
