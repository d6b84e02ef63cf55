/** Exposes window.desk, built from the contract; the renderer never gets ipcRenderer itself. */
import '../shared/zod-jitless';
import { contextBridge, ipcRenderer } from 'electron';
import { buildDeskApi } from '../shared/contract';

contextBridge.exposeInMainWorld(
  'desk',
  buildDeskApi((channel, payload) => ipcRenderer.invoke(channel, payload)),
);
