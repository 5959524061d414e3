import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserAsksToSaveData, chooseDataSaver, dataSaverChoice, isDataSaverOn, savingPageSize, sizeText } from './dataSaver';

const connection = (info: { saveData?: boolean; effectiveType?: string }) =>
  vi.stubGlobal('navigator', { ...navigator, connection: Object.assign(new EventTarget(), info) });

describe('the data saver', () => {
  afterEach(() => {
    chooseDataSaver('auto');
    vi.unstubAllGlobals();
  });

  it.each([
    [{ saveData: true, effectiveType: '4g' }, 'your browser asks to save data'],
    [{ effectiveType: '3g' }, 'a 3g connection'],
    [{ effectiveType: '2g' }, 'a 2g connection'],
    [{ effectiveType: 'slow-2g' }, 'a slow-2g connection'],
    [{ effectiveType: '4g' }, undefined],
    [{}, undefined],
  ])('left to the device, reads %j as %s', (info, reason) => {
    connection(info);
    expect(browserAsksToSaveData()).toBe(reason);
    expect(isDataSaverOn()).toBe(reason !== undefined);
  });

  it("follows the admin's choice over the connection's, and remembers it on the device", () => {
    connection({ effectiveType: '3g' });
    chooseDataSaver('off');
    expect(isDataSaverOn()).toBe(false);
    expect(localStorage.getItem('console.dataSaver')).toBe('off');
    connection({ effectiveType: '4g' });
    chooseDataSaver('on');
    expect(isDataSaverOn()).toBe(true);
    chooseDataSaver('auto');
    expect(dataSaverChoice()).toBe('auto');
    expect(isDataSaverOn()).toBe(false);
  });

  it.each([
    [20, true, 20], [50, true, 20], [100, true, 20], [0, true, 20],
    [50, false, 50], [0, false, 0],
  ])('a page of %i rows with the saver %s is %i rows', (size, on, expected) => {
    expect(savingPageSize(size, on)).toBe(expected);
  });

  it.each([[999, '1 KB'], [12_345, '12 KB'], [2_400_000, '2.4 MB']])('writes %i bytes as %s', (bytes, text) => {
    expect(sizeText(bytes)).toBe(text);
  });
});
