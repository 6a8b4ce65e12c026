import { describe, expect, it } from 'vitest';
import { profileById } from '../../../lib/profiles/catalogue';
import { cellValue, documentOfCells } from '../../../lib/profiles/cells';
import { documentProblems } from '../../../lib/profiles/validate';

const profile = profileById('battery-passport');
if (!profile) throw new Error('the battery passport profile is missing');
const aspectOf = (id: string) => {
  const aspect = profile.aspects.find((a) => a.id === id);
  if (!aspect) throw new Error(`no aspect ${id}`);
  return aspect;
};

describe('an aspect document from a spreadsheet row’s cells', () => {
  it('reads each cell as the profile’s type at its pointer, making objects and lists on the way', () => {
    const general = aspectOf('GeneralProductInformation');
    const document = documentOfCells(general, {
      '/batteryMass': '452.5',
      '/productIdentifier': '00123',
      '/batteryStatus': 'Original',
      '/manufacturingPlace/postalCode': '38440',
    });
    expect(document).toEqual({
      batteryMass: 452.5,
      productIdentifier: '00123',
      batteryStatus: 'Original',
      manufacturingPlace: { postalCode: '38440' },
    });
    const carbon = aspectOf('CarbonFootprintForBatteries');
    const withList = documentOfCells(carbon, {
      '/carbonFootprintPerLifecycleStage/0/lifecycleStage': 'MainProduction',
      '/carbonFootprintPerLifecycleStage/0/carbonFootprint': '34.5',
    });
    expect(withList).toEqual({
      carbonFootprintPerLifecycleStage: [{ lifecycleStage: 'MainProduction', carbonFootprint: 34.5 }],
    });
    expect(documentProblems(carbon, withList)).toEqual([]);
  });

  it('leaves text that does not read as the type as text, for validation to name at its pointer', () => {
    const general = aspectOf('GeneralProductInformation');
    expect(cellValue(general, '/batteryMass', 'heavy')).toBe('heavy');
    expect(documentProblems(general, documentOfCells(general, { '/batteryMass': 'heavy' }))).toContainEqual({
      path: '/batteryMass',
      message: 'must be a number (in kg)',
    });
    expect(cellValue(general, '/noSuchField', '12')).toBe('12');
  });
});
