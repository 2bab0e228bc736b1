/**
 * The web table's entry: works out where it runs — an Activity inside Discord (the SDK signs in), a browser on
 * `/table/<channel>` (the session cookie signs in), a finished game's replay on `/replay/<guild>/<id>`, or the bare `/`
 * outside Discord (a note) — and renders the app.
 */
import { render } from 'preact';
import { isActivity } from './activity.ts';
import { App } from './App.tsx';
import { loadFaces } from './faces.tsx';
import { browserLang, setLang } from './i18n.ts';
import { ReplayPage } from './replay/Replay.tsx';
import './styles/base.css';
import './styles/cards.css';
import './styles/table.css';
import './styles/romme.css';
import './styles/hand.css';
import './styles/panel.css';
import './styles/phone.css';

setLang(browserLang());
void loadFaces();
const channel = /^\/table\/(\d{17,20})\/?$/.exec(location.pathname)?.[1] ?? null;
const replay = /^\/replay\/(\d{17,20})\/([a-z0-9]{1,16})\/?$/.exec(location.pathname);
render(
  replay ? <ReplayPage guild={replay[1]!} id={replay[2]!} /> : <App mode={isActivity() ? 'activity' : 'browser'} channel={channel} />,
  document.getElementById('app')!,
);
