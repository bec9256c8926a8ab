import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** Minimal client shell; the real client (store, router, features) replaces this. */
function App() {
  return (
    <main>
      <h1>WeeklyDiv</h1>
      <p>Weekly-distribution ETFs: prices, dividends and your portfolio.</p>
    </main>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
