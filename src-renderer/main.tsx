import { useSession } from './app/session-store';
import './ui/tokens.css';
import './ui/base.css';
import './ui/ui.css';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing #root');

// The start-up calls (who is signed in, the app's info) go out first, from this small entry,
// while the browser is still fetching and compiling React and the screens: by the time they
// render, the answer is usually here and the first render is already the sell screen.
void useSession.getState().start();
import('./root.js').then(
  ({ mount }) => mount(root),
  () => {
    root.textContent = 'The app could not be loaded. Restart it; if this keeps happening, reinstall it.';
    root.setAttribute('role', 'alert');
  },
);
