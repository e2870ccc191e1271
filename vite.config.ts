import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,ico,txt}'],
        // The 100 avatars are fetched on demand, not precached.
        globIgnores: ['avatars/**'],
      },
    }),
  ],
  worker: { format: 'es' },
  server: {
    proxy: {
      '/v1': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
