/** Browser entry: starts the app shell (client/app/start.tsx); kept tiny so the shell stays one chunk. */
import { start } from './app/start.tsx'
import './styles/index.css'

void start()
