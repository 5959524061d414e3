import { describe, expect, it } from 'vitest';
import * as messages from './messages';
import { readResultsFile, resultsHeaderOf } from './payoutResultsFile';
import { PAYOUT_RESULT_COLUMNS, PAYOUT_RESULTS_MAX } from './payouts';

describe("the provider's results file, read as the server reads it", () => {
  it('reads its known columns by header, any case, cells as text, empty cells not given', () => {
    const file = 'Line_ID,Status ,Amount,Provider_Reference,Reason,Extra\nPR-12-1,failed,10.50,,Unknown number,x\nPR-12-3,paid,10.50,TX3,,y\n';
    expect(readResultsFile(file)).toEqual({ rows: [
      { line_id: 'PR-12-1', status: 'failed', amount: '10.50', reason: 'Unknown number' },
      { line_id: 'PR-12-3', status: 'paid', amount: '10.50', provider_reference: 'TX3' },
    ] });
  });

  it('reads a French spreadsheet’s file: a byte-order mark and semicolons', () => {
    expect(readResultsFile('\uFEFFline_id;status;reason\r\nPR-1-1;failed;Numéro inconnu\r\n\r\n').rows).toEqual([{ line_id: 'PR-1-1', status: 'failed', reason: 'Numéro inconnu' }]);
  });

  it('says what makes a file no results file', () => {
    expect(readResultsFile('line,result\nPR-12-1,paid\n').error).toBe(messages.payoutFileNoColumns(['line_id', 'status'], PAYOUT_RESULT_COLUMNS));
    expect(readResultsFile('line_id,status\n').error).toBe(messages.payoutFileNoRows);
    expect(readResultsFile('').error).toBe(messages.payoutFileNoColumns(['line_id', 'status'], PAYOUT_RESULT_COLUMNS));
    expect(readResultsFile(`line_id,status\n${'x,paid\n'.repeat(PAYOUT_RESULTS_MAX + 1)}`).error).toBe(messages.payoutFileTooManyRows(PAYOUT_RESULTS_MAX));
    expect(readResultsFile(`line_id,status,reason\nx,paid,\ny,failed,${'r'.repeat(501)}\n`).error).toBe(messages.payoutFileCellTooLong(2, 'reason', 500));
  });

  it('checks a header from the file’s first bytes alone, as the console does before sending it', () => {
    expect(resultsHeaderOf('LINE_ID;STATUS\nPR-1-1;pa')).toBeUndefined();
    expect(resultsHeaderOf('line_id,amount\nPR-1-1,1')).toBe(messages.payoutFileNoColumns(['status'], PAYOUT_RESULT_COLUMNS));
  });
});
