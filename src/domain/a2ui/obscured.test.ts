import { describe, expect, it } from 'vitest';
import { envelopesOf, surfaceOf } from '@/test/a2ui-surfaces';
import { answerKeptWithoutSecrets, answerSecrets, fillSecretFields, maskSecretFields } from './obscured';

const components = [
  { id: 'root', component: 'Column', children: ['pin', 'people'] },
  { id: 'pin', component: 'TextField', label: 'PIN', value: { path: '/pin' }, variant: 'obscured' },
  { id: 'people', component: 'List', children: { componentId: 'person', path: '/people' } },
  { id: 'person', component: 'Column', children: ['name', 'password'] },
  { id: 'name', component: 'TextField', label: 'Name', value: { path: 'name' } },
  { id: 'password', component: 'TextField', label: 'Password', value: { path: 'password' }, variant: 'obscured' },
];
const model = {
  pin: '4711',
  people: [
    { name: 'Ada', password: 'first-secret' },
    { name: 'Bob', password: '' },
  ],
};

describe('obscured fields', () => {
  it('are found where they are placed, template items each at their own path, empty ones left out', () => {
    const secrets = answerSecrets(surfaceOf(components, model), model);
    expect(secrets.fields).toEqual([
      { path: '/pin', label: 'PIN' },
      { path: '/people/0/password', label: 'Password' },
    ]);
    expect(secrets.values).toEqual(['4711', 'first-secret']);
  });

  it('are masked in the kept model, and typed values fill them again', () => {
    const { fields } = answerSecrets(surfaceOf(components, model), model);
    const masked = maskSecretFields(model, fields);
    expect(masked).toEqual({
      pin: '••••••',
      people: [
        { name: 'Ada', password: '••••••' },
        { name: 'Bob', password: '' },
      ],
    });
    expect(model.pin).toBe('4711');
    expect(fillSecretFields(masked, fields, { '/pin': '1234', '/people/0/password': 'again' })).toEqual({
      pin: '1234',
      people: [
        { name: 'Ada', password: 'again' },
        { name: 'Bob', password: '' },
      ],
    });
  });

  it('in an answer read from a server are masked against the form that asked', () => {
    const action = { version: 'v0.9.1', action: { name: 'go', surfaceId: 's1', sourceComponentId: 'go' } };
    const envelopes = envelopesOf('s1', components, {});
    expect(answerKeptWithoutSecrets(envelopes, action, model)?.secretFields).toHaveLength(2);
    expect(answerKeptWithoutSecrets(envelopes, action, { pin: '', people: [] })).toBeNull();
    const elsewhere = { ...action, action: { ...action.action, surfaceId: 'other' } };
    expect(answerKeptWithoutSecrets(envelopes, elsewhere, model)).toBeNull();
  });
});
