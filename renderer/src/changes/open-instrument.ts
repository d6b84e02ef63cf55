/** From a change or an alert to the instrument's detail panel, on its History tab, in the Instruments screen. */
import type { Category } from '../../../shared/schemas';
import { useUi } from '../app/store';
import { useInstrumentBrowser } from '../instruments/prefs';

export function openInstrumentHistory(category: Category, symbol: string): void {
  useInstrumentBrowser.getState().openInstrument(category, symbol, 'history');
  useUi.getState().setView('instruments');
}
