import { describe, expect, it } from 'vitest';
import { csvField } from './audit-view.ts';

describe('an audit CSV field', () => {
  it('is quoted when it holds a comma, a quote or a line break', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('never starts with what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+61 400')).toBe("'+61 400");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('{"roles":["admin"]}')).toBe('"{""roles"":[""admin""]}"');
  });
});
