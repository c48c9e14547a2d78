export { ProjectsHome } from './components/projects-home.tsx';
