// The dashboard's contract dialog against the real server (test-support/dashboard.tsx): the prefilled form and its
// bounds, export (escaped, popup blocked, failures), the deal from the booking, and sending for signature with the
// card and the dialog following the contract live.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { contractFormSchema } from '@studio/shared/schemas/contract';
import { acceptedWholeNumbers, longestAccepted } from '../test-support/schema-bounds';
import { cardOf, id, memory, renderApp, server, signedInEachTest, today, XSS } from '../test-support/dashboard';

signedInEachTest();

describe('contracts', () => {
  interface FakeWindow {
    html: string;
    printed: boolean;
  }
  function stubOpen(behaviour: 'ok' | 'blocked' | 'broken' = 'ok'): FakeWindow {
    const fake: FakeWindow = { html: '', printed: false };
    jest.spyOn(window, 'open').mockImplementation(() => {
      if (behaviour === 'blocked') return null;
      return {
        document: {
          open: () => undefined,
          write: (s: string) => {
            if (behaviour === 'broken') throw new Error('cannot write');
            fake.html += s;
          },
          close: () => undefined,
        },
        focus: () => undefined,
        print: () => {
          fake.printed = true;
        },
      } as unknown as Window;
    });
    return fake;
  }
  afterEach(() => jest.restoreAllMocks());

  /**
   * Someone signs: the link in her mail, their name, their consent, as the signing page posts them. The names here
   * are not the bookings' own, so they sign on the client's behalf with a role (the page refuses another name).
   */
  async function signAsClient(contractId: string, fullName: string) {
    const mail = (await server.outbox()).find((m) => m.body.includes('/contracts/sign/'));
    const path = /\/contracts\/sign\/[A-Za-z0-9_-]+/.exec(mail?.body ?? '')?.[0];
    if (!path) throw new Error('no signing link in the outbox');
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        contractId,
        fullName,
        onBehalf: 'yes',
        role: 'Assistant',
        consent: 'yes',
      }).toString(),
    });
    expect(response.status).toBe(200);
  }

  const openContract = async () => {
    await renderApp();
    fireEvent.click(within(cardOf(XSS)).getByRole('button', { name: 'Generate Contract' }));
    const dialog = screen.getByRole('dialog', { name: 'Generate contract' });
    // The deal comes from the backend: the dialog is ready once it shows.
    await within(dialog).findByRole('region', { name: 'The deal (from the booking)' });
    return dialog;
  };

  test('the form is prefilled: client from the booking, model name from configuration, 4 weeks, Arizona', async () => {
    const dialog = await openContract();
    expect(within(dialog).getByLabelText('Client name')).toHaveValue(XSS);
    expect(within(dialog).getByLabelText('Model name')).toHaveValue('Configured Model');
    expect(within(dialog).getByLabelText('Effective date')).toHaveValue(today);
    expect(within(dialog).getByLabelText('Service type')).toHaveValue('Photoshoot');
    expect(within(dialog).getByLabelText('Timeline (weeks)')).toHaveValue(4);
    expect(within(dialog).getByLabelText('Governing law (state)')).toHaveValue('Arizona');
    // The payment terms are the booking's quote's: her default 50% deposit on the tier's price.
    expect(within(dialog).getByText(/^Total: \$350 \(US dollars\)\. Deposit: \$175/)).toBeInTheDocument();
  });

  test("the timeline's bounds are the ones the server checks", async () => {
    const dialog = await openContract();
    const { min, max } = acceptedWholeNumbers(contractFormSchema.shape.timeline);
    const timeline = within(dialog).getByLabelText('Timeline (weeks)');
    expect(timeline).toHaveAttribute('min', String(min));
    expect(timeline).toHaveAttribute('max', String(max));
  });

  test('the text fields take as many characters as the server accepts, no more', async () => {
    const dialog = await openContract();
    const { clientName, modelName, serviceType, governingLaw } = contractFormSchema.shape;
    for (const [label, schema] of [
      ['Client name', clientName],
      ['Model name', modelName],
      ['Service type', serviceType],
      ['Governing law (state)', governingLaw],
    ] as const) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('maxlength', String(longestAccepted(schema)));
    }
  });

  test('Export writes an escaped contract with a print stylesheet into the print window and prints', async () => {
    const popup = stubOpen();
    const dialog = await openContract();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(popup.printed).toBe(true);
    expect(popup.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(popup.html).not.toContain('<img');
    expect(popup.html).toContain('@media print');
    expect(popup.html).toContain('Modeling Services Agreement');
    expect(popup.html).toContain('Payment is due within 7 days of invoice.');
    expect(popup.html).toContain('Configured Model');
    // Parsed as a document, the booking's name is text: no element came from it.
    const doc = new DOMParser().parseFromString(popup.html, 'text/html');
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.body.textContent).toContain(XSS);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  test('a blocked popup: "Please allow popups to export the contract."', async () => {
    stubOpen('blocked');
    const dialog = await openContract();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Please allow popups to export the contract\.$/);
  });

  test('a window that cannot be written: "Failed to export contract. Please try again."', async () => {
    stubOpen('broken');
    const dialog = await openContract();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to export contract\. Please try again\.$/);
  });

  test('the deal from the booking: fee, package, schedule, shoot and consultation, client contact', async () => {
    const dialog = await openContract();
    const deal = within(dialog).getByRole('region', { name: 'The deal (from the booking)' });
    expect(deal).toHaveTextContent('FeeStandard: $350 (quote version 0)');
    expect(deal).toHaveTextContent('PackageStandard');
    expect(deal).toHaveTextContent('ShootMay 1, 2030 · Tempe');
    expect(deal).toHaveTextContent('ConsultationApr 20, 2030 · Studio');
    expect(deal).toHaveTextContent('Client contactb2@example.com · +15550001111');
  });

  test('Send asks first; after confirming, the card and the dialog follow sent, then signed live; a signed contract is frozen and offers a new version', async () => {
    const dialog = await openContract();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send for signature…' }));
    });
    await server.settle();
    // Nothing is sent before she confirms.
    const confirm = within(dialog).getByRole('alertdialog', { name: 'Send this contract for signature?' });
    expect(confirm).toHaveTextContent('b2@example.com will receive a private link');
    expect(await (await memory.contracts()).states()).toEqual({});
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Send' }));
    });
    await server.settle();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sent to b2@example.com.');
    expect(within(cardOf(XSS)).getByText('Sent')).toBeInTheDocument();

    const [sent] = (await (await memory.contracts()).forBooking(id.b2!)).contracts;
    await act(async () => {
      await signAsClient(sent!.id, 'Jane Q. Doe');
    });
    // Told live (the contracts stream).
    await waitFor(() => expect(within(cardOf(XSS)).getByText('Signed')).toBeInTheDocument());
    expect(within(dialog).getByText(/Signed by Jane Q\. Doe on/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Client name')).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: /Send/ })).toBeNull();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'New version' }));
    });
    await server.settle();
    expect(within(dialog).getByRole('button', { name: /Version 2/, pressed: true })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Version 1/ })).toHaveTextContent('Signed');
    expect(within(dialog).getByLabelText('Client name')).not.toHaveAttribute('readonly');
    expect(within(cardOf(XSS)).getByText('Draft')).toBeInTheDocument();
  });

  test('editing a signed contract is refused by the backend (conflict) and the dialog offers a new version', async () => {
    const contracts = await memory.contracts();
    const created = await contracts.create(id.b2!, {
      form: {
        clientName: 'A',
        modelName: 'B',
        effectiveDate: today,
        serviceType: 'Photoshoot',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'a4',
    });
    await contracts.send(created.id);
    await signAsClient(created.id, 'Ann Lee');
    await expect(contracts.update(created.id, { form: created.form, paperSize: 'letter' })).rejects.toMatchObject({
      code: 'conflict',
    });
    const dialog = await openContract();
    expect(within(dialog).getByText(/A signed contract cannot be changed/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'New version' })).toBeInTheDocument();
  });

  test('the PDF link opens the selected stored version, none before one is stored', async () => {
    const dialog = await openContract();
    expect(within(dialog).queryByRole('link', { name: 'PDF' })).toBeNull();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    });
    await server.settle();
    const [first] = (await (await memory.contracts()).forBooking(id.b2!)).contracts;
    expect(await within(dialog).findByRole('link', { name: 'PDF' })).toHaveAttribute(
      'href',
      `/api/admin/contracts/${first!.id}/pdf`,
    );

    await act(async () => {
      await signAsClient((await (await memory.contracts()).send(first!.id)).id, 'Jane Q. Doe');
    });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'New version' })).toBeInTheDocument());
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'New version' }));
    });
    await server.settle();
    const [second] = (await (await memory.contracts()).forBooking(id.b2!)).contracts;
    expect(second!.id).not.toBe(first!.id);
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: 'PDF' })).toHaveAttribute(
        'href',
        `/api/admin/contracts/${second!.id}/pdf`,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /Version 1/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: 'PDF' })).toHaveAttribute(
        'href',
        `/api/admin/contracts/${first!.id}/pdf`,
      ),
    );
  });

  test('a contract that cannot be built: "Failed to generate contract. Please try again."', async () => {
    stubOpen();
    const dialog = await openContract();
    fireEvent.change(within(dialog).getByLabelText('Effective date'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to generate contract\. Please try again\.$/);
    expect(window.open).not.toHaveBeenCalled();
  });
});
