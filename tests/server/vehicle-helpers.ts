/** Shared by the vehicle server tests: vehicles, bookings, the approval steps. */
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

export interface BookingRow {
  id: string;
  bookingNo: string;
  status: string;
  status_dictText: string;
  currentNode: string | null;
  procInsId: string | null;
  tripStatus: string;
  distance: number | null;
}

export interface VehicleRow {
  id: string;
  plateNo: string;
  mileage: number;
  status: string;
}

export interface VehicleTest extends EntityTestContext {
  /** chenjing and majun (A01A02A01) book; zhangwei manages them; xuming is the office. */
  tokens: { admin: string; chenjing: string; majun: string; zhangwei: string; xuming: string };
  /** A new vehicle (by the office) with a fresh plate; answers the row. */
  vehicle(extra?: Record<string, unknown>): Promise<VehicleRow>;
  vehicleRow(id: string): Promise<VehicleRow>;
  /** A saved (draft) booking of `token`; times are 'YYYY-MM-DD HH:mm:ss'. */
  booking(
    token: string,
    vehicleId: string,
    start: string,
    end: string,
    extra?: Record<string, unknown>,
  ): Promise<BookingRow>;
  bookingRow(id: string): Promise<BookingRow>;
  start(id: string, token: string): Promise<{ success: boolean; message: string }>;
  /** The open task of the booking's instance for `token`, approved. */
  approve(id: string, token: string): Promise<{ success: boolean; message: string }>;
}

let serial = 0;
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A plate no other test run uses: 津 + a letter + 5 characters from time and a counter. */
export function freshPlate(): string {
  serial += 1;
  const n = (Date.now() % 1_000_000) * 100 + serial;
  const tail = n.toString().padStart(5, '0').slice(-5);
  return `津${LETTERS[serial % LETTERS.length]}${tail}`;
}

export async function createVehicleTest(): Promise<VehicleTest> {
  const ctx = await createEntityContext();
  const tokens = {
    admin: ctx.adminToken,
    chenjing: ctx.staffToken,
    majun: await ctx.login('majun', DEMO_PASSWORD),
    zhangwei: await ctx.login('zhangwei', DEMO_PASSWORD),
    xuming: await ctx.login('xuming', DEMO_PASSWORD),
  };
  const vehicleRow = async (id: string) =>
    (await ctx.get<VehicleRow>(`/office/vehicleInfo/queryById?id=${id}`, tokens.xuming)).result!;
  const bookingRow = async (id: string) =>
    (await ctx.get<BookingRow>(`/office/vehicleBooking/queryById?id=${id}`, tokens.admin)).result!;
  return {
    ...ctx,
    tokens,
    vehicleRow,
    bookingRow,
    async vehicle(extra = {}) {
      const plateNo = freshPlate();
      const body = {
        plateNo,
        brand: '丰田',
        model: '凯美瑞',
        vehicleType: '1',
        seats: 5,
        mileage: 1000,
        status: '1',
        ...extra,
      };
      const added = await ctx.send('POST', '/office/vehicleInfo/add', body, tokens.xuming);
      if (!added.success) throw new Error(`vehicle: ${added.message}`);
      const page = await ctx.get<Page<VehicleRow>>(
        `/office/vehicleInfo/list?plateNo=${encodeURIComponent(String(body.plateNo))}`,
        tokens.xuming,
      );
      return page.result!.records[0]!;
    },
    async booking(token, vehicleId, start, end, extra = {}) {
      const destination = `测试目的地${(serial += 1)}`;
      const res = await ctx.send(
        'POST',
        '/office/vehicleBooking/add',
        {
          vehicleId,
          startTime: start,
          endTime: end,
          destination,
          reason: '接待客户',
          passengers: 2,
          ...extra,
        },
        token,
      );
      if (!res.success) throw new Error(`booking: ${res.message}`);
      const page = await ctx.get<Page<BookingRow & { destination: string }>>(
        '/office/vehicleBooking/list?type=1&pageSize=200',
        token,
      );
      const row = page.result!.records.find((r) => r.destination === destination);
      if (!row) throw new Error('booking not listed');
      return row;
    },
    start: (id, token) => ctx.send('PUT', '/office/vehicleBooking/startProcess', { id }, token),
    async approve(id, token) {
      const instance = (await bookingRow(id)).procInsId;
      const page = await ctx.get<Page<{ id: string; instanceId: string }>>(
        '/workflow/task/list?type=1&pageSize=200',
        token,
      );
      const task = page.result!.records.find((t) => t.instanceId === instance);
      if (!task) throw new Error('no open task');
      return ctx.send('PUT', '/workflow/task/approve', { id: task.id, comment: '同意' }, token);
    },
  };
}
