import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppServices } from './App';
import './styles/base.css';
import './styles/shell.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const services = createAppServices();

createRoot(container).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
