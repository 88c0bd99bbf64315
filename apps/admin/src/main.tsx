import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './lib/i18n';

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(<App />);
});
