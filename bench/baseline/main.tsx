// The baseline of npm run bench:browser (never shipped): a chat page written the common way, to compare with.
import { createRoot } from 'react-dom/client';
import { BaselineApp } from './baseline-app';
import './baseline.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<BaselineApp />);
