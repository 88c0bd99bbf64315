import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FieldHelp } from '../field-help';
import { FieldItem, FieldList } from '../field-list';

afterEach(() => cleanup());

describe('form fields laid out without a form library', () => {
  it('puts the label beside the field in a horizontal list and above it in a vertical one', () => {
    const { container } = render(
      <>
        <FieldList layout="horizontal" className="beside">
          <FieldItem label="Account" extra="ok">
            <input name="account" />
          </FieldItem>
        </FieldList>
        <FieldList className="above">
          <FieldItem label="Reason">
            <input name="reason" />
          </FieldItem>
        </FieldList>
      </>,
    );
    const beside = container.querySelector('form.adm-form.beside .adm-form-item-horizontal')!;
    expect(beside.querySelector('.adm-list-item-content-prefix')?.textContent).toBe('Account');
    expect(beside.querySelector('.adm-list-item-content-extra')?.textContent).toBe('ok');
    const above = container.querySelector('form.adm-form.above .adm-form-item-vertical')!;
    expect(above.querySelector('.adm-list-item-content-prefix')).toBeNull();
    expect(above.querySelector('.adm-list-item-title')?.textContent).toBe('Reason');
  });

  it('never lets Enter in a field submit the page away', () => {
    const { container } = render(
      <FieldList>
        <FieldItem label="Account">
          <input name="account" />
        </FieldItem>
      </FieldList>,
    );
    const submitted = fireEvent.submit(container.querySelector('form')!);
    // fireEvent answers false when the default action (the browser's submission) was prevented.
    expect(submitted).toBe(false);
  });

  it("shows a label's help when its mark is tapped", async () => {
    render(
      <FieldList>
        <FieldItem label="Country" help={<FieldHelp text="As printed on your passport" />}>
          <select name="country" />
        </FieldItem>
      </FieldList>,
    );
    expect(screen.queryByText('As printed on your passport')).toBeNull();
    fireEvent.click(document.querySelector('.adm-form-item-label-help')!);
    expect(await screen.findByText('As printed on your passport')).toBeTruthy();
  });
});
