/**
 * Renderer tests wait for states (findBy…, waitFor), never for fixed times. Testing Library's default
 * of 1 s to reach a state is a machine-speed assumption: on a loaded 2-core CI machine a first render
 * of a screen took longer and tests failed at random. A state that never comes still fails, later.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
