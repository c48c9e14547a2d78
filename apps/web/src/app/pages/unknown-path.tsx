/**
 * A path the app does not know (decision 007): visitors go to sign-in (part 1 §2.1); a signed-in
 * member sees the not-found page (part 2 §1) rather than a sign-in page they need not.
 */
import { Navigate } from 'react-router';
import { useBootstrap } from '../../api/bootstrap.ts';
import { NotFoundPage } from './not-found-page.tsx';

export function UnknownPath() {
  const boot = useBootstrap();
  if (!boot.data) return null;
  return boot.data.user ? <NotFoundPage /> : <Navigate to="/sign-in" replace />;
}
