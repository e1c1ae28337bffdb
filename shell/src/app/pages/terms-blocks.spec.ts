import { termsBlocks } from './terms-blocks.js';

describe('termsBlocks', () => {
  it('reads paragraphs, sub-headings and bulleted lists', () => {
    expect(termsBlocks(['Intro.', '### Data', '- one', '- two', 'After.', '- three'])).toEqual([
      { kind: 'paragraph', text: 'Intro.' },
      { kind: 'heading', text: 'Data' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'After.' },
      { kind: 'list', items: ['three'] },
    ]);
  });
  it('ignores what is not an array of strings', () => {
    expect(termsBlocks('terms.definitions.body')).toEqual([]);
    expect(termsBlocks([1, null, ' ', 'Ok.'])).toEqual([{ kind: 'paragraph', text: 'Ok.' }]);
  });
});
