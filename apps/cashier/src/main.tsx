import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './styles.css';

/** /pay/{orderNo}: the order number is the path's last part. */
const orderNo = decodeURIComponent(window.location.pathname.split('/').filter(Boolean)[1] ?? '');
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App orderNo={orderNo} />
  </StrictMode>,
);
