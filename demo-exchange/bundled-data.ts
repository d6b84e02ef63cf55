/**
 * The committed output of data/generate.ts. Imported (not read from disk) so bundlers such as
 * electron-vite carry it into the app's main-process build.
 */
import { z } from 'zod';
import { instrumentSchema, type Instrument } from '../shared/schemas';
import instrumentsJson from './data/instruments.json';
import referencePricesJson from './data/reference-prices.json';

let instruments: readonly Instrument[] | undefined;

/** The bundled instruments, parsed once per process (the caller must copy before mutating). */
export function bundledInstruments(): readonly Instrument[] {
  if (!instruments) {
    // Validated, but the objects themselves are kept: parsing would reorder their keys.
    z.array(instrumentSchema).parse(instrumentsJson);
    instruments = instrumentsJson as unknown as Instrument[];
  }
  return instruments;
}

/** A plausible market price per "CATEGORY:SYMBOL", with the instrument's price precision. */
export function referencePrice(category: string, symbol: string): string | undefined {
  return (referencePricesJson as Record<string, string>)[`${category}:${symbol}`];
}
