import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Dates are written in Chinese (星期日, 11月) wherever the signed-in shell shows them; the sign-in
// pages show no dates, so dayjs loads with the shell.
dayjs.locale('zh-cn');
