import { useEffect } from 'react';
import { AppShell } from './app/AppShell';
import { ChoosePinScreen } from './app/ChoosePinScreen';
import { EnvironmentBanner } from './app/EnvironmentBanner';
import { SetupScreen } from './app/SetupScreen';
import { SignInScreen } from './app/SignInScreen';
import { useAppEvents } from './app/useAppEvents';
import { useSession } from './app/session-store';
import { ErrorNotice, Loading } from './ui/Notice';
import { StoreBanner } from './store/StoreBanner';
import { useStoreStatus } from './store/store-status-store';

/**
 * First launch → create the manager; otherwise sign in (then choose one's own PIN after a
 * reset); then the shell. The environment banner (and, on a store's counter whose store server
 * does not answer, the store's) is always there: above these screens here, and in the shell's
 * header once signed in.
 */
export function App() {
  const phase = useSession((s) => s.phase);
  const startError = useSession((s) => s.startError);
  const start = useSession((s) => s.start);
  // main.tsx has already started the session before React loaded; Try again starts it anew.
  useAppEvents();
  // Whether this counter's store server answers, asked from the start (the banner shows on every screen).
  useEffect(() => useStoreStatus.getState().watch(), []);

  return (
    <div className="app" data-app-phase={phase}>
      {phase !== 'signedIn' && (
        <>
          <EnvironmentBanner />
          <StoreBanner />
        </>
      )}
      {phase === 'starting' && (
        <main className="gate">
          <Loading label="Starting the counter…" />
        </main>
      )}
      {phase === 'unreachable' && (
        <main className="gate">
          <div className="gate__card card stack">
            <h1>The app is not ready</h1>
            {startError && <ErrorNotice error={startError} />}
            <button type="button" className="button button--primary button--large" onClick={() => void start()}>
              Try again
            </button>
          </div>
        </main>
      )}
      {phase === 'setup' && <SetupScreen />}
      {phase === 'signIn' && <SignInScreen />}
      {phase === 'choosePin' && <ChoosePinScreen />}
      {phase === 'signedIn' && <AppShell />}
    </div>
  );
}
