import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppServices } from './App';
import { startErrorReporting } from './api/errorReports';
import './styles/base.css';
import './styles/shell.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// Before anything renders, so an error at start-up is reported too (docs/error-reports.md).
startErrorReporting();
const services = createAppServices();

createRoot(container).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
