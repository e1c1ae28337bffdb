import { CLINICIAN_REPORT_SECTIONS, ReportSettingsMessages, type ReportSettings } from '@aba/contracts/api';
import {
  base64OfDataUrl,
  changeOf,
  clinicNameProblem,
  draftOf,
  fieldOfProblem,
  logoFileProblem,
  moveSection,
} from './report-settings-form.js';

const saved: ReportSettings = {
  clinic_name: 'Centrul Rază',
  logo: { type: 'png', width: 300, height: 100, bytes: 4000 },
  section_order: [...CLINICIAN_REPORT_SECTIONS],
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe('the report settings form', () => {
  it('changes nothing until something is changed', () => {
    expect(changeOf(saved, draftOf(saved))).toBeNull();
    expect(changeOf(saved, { ...draftOf(saved), clinicName: '  Centrul Rază ' })).toBeNull();
  });

  it('sends only what changed: a new name, an emptied one as null, a chosen or removed logo, a new order', () => {
    const draft = draftOf(saved);
    expect(changeOf(saved, { ...draft, clinicName: 'Clinica Nouă' })).toEqual({
      clinic_name: 'Clinica Nouă',
    });
    expect(changeOf(saved, { ...draft, clinicName: '  ' })).toEqual({ clinic_name: null });
    expect(
      changeOf(saved, {
        ...draft,
        logo: {
          kind: 'chosen',
          base64: 'iVBOR',
          dataUrl: 'data:image/png;base64,iVBOR',
          fileName: 'logo.png',
        },
      }),
    ).toEqual({ logo: 'iVBOR' });
    expect(changeOf(saved, { ...draft, logo: { kind: 'none' } })).toEqual({ logo: null });
    expect(changeOf({ ...saved, logo: null }, { ...draft, logo: { kind: 'none' } })).toBeNull();
    expect(changeOf(saved, { ...draft, sectionOrder: ['items', 'sessions', 'behaviors'] })).toEqual({
      section_order: ['items', 'sessions', 'behaviors'],
    });
  });

  it('moves a section one place, and not past either end', () => {
    const order = [...CLINICIAN_REPORT_SECTIONS];
    expect(moveSection(order, 2, -1)).toEqual(['sessions', 'behaviors', 'items']);
    expect(moveSection(order, 0, 1)).toEqual(['items', 'sessions', 'behaviors']);
    expect(moveSection(order, 0, -1)).toEqual(order);
    expect(moveSection(order, 2, 1)).toEqual(order);
    expect(order).toEqual([...CLINICIAN_REPORT_SECTIONS]);
  });

  it('refuses a logo that is not a PNG or JPEG, or over 256 KB, before sending it', () => {
    expect(logoFileProblem({ type: 'image/png', size: 4000 })).toBeNull();
    expect(logoFileProblem({ type: 'image/jpeg', size: 256 * 1024 })).toBeNull();
    expect(logoFileProblem({ type: 'image/gif', size: 4000 })).toBe(ReportSettingsMessages.logoNotImage);
    expect(logoFileProblem({ type: 'image/png', size: 256 * 1024 + 1 })).toBe(
      ReportSettingsMessages.logoTooLarge,
    );
  });

  it('refuses a clinic name over 120 characters', () => {
    expect(clinicNameProblem(`  ${'a'.repeat(120)}  `)).toBeNull();
    expect(clinicNameProblem('a'.repeat(121))).toBe(ReportSettingsMessages.clinicNameTooLong);
  });

  it('says a refusal under the field it is about', () => {
    expect(fieldOfProblem(ReportSettingsMessages.logoSize)).toBe('logo');
    expect(fieldOfProblem(ReportSettingsMessages.clinicNameTooLong)).toBe('clinicName');
    expect(fieldOfProblem(ReportSettingsMessages.sectionOrderInvalid)).toBe('sectionOrder');
    expect(fieldOfProblem('Your role for this child does not allow this')).toBeNull();
  });

  it('sends a file chosen as a data URL as its base64', () => {
    expect(base64OfDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
  });
});
