import type { RouteObject } from 'react-router';
import { HomePage } from './components/home-page.tsx';

export const homeRoutes: RouteObject[] = [{ index: true, element: <HomePage /> }];
