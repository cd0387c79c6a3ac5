"""Writes the .xls fixtures of the .xls reader tests (see README.md): run with Debian's python3-xlwt,
then convert source-libreoffice.xls with LibreOffice as the README says."""
import datetime
import xlwt

DATE = xlwt.easyxf(num_format_str='yyyy-mm-dd')
DATETIME = xlwt.easyxf(num_format_str='yyyy-mm-dd hh:mm:ss')
TIME = xlwt.easyxf(num_format_str='hh:mm')
MONEY = xlwt.easyxf(num_format_str='#,##0.00 "元"')

# (a) customers.xls: the customer entity's header, Chinese text, numbers, dates, one bad row.
wb = xlwt.Workbook(encoding='utf-8')
ws = wb.add_sheet('客户')
rows = [
    ['客户名称', '客户编码', '手机号码', '邮箱', '客户等级', '地址'],
    ['北京甲科技有限公司', 'XA1', 13800000001, 'jia@example.cn', '高', '北京市海淀区中关村大街1号'],
    ['上海乙贸易有限公司', 1002, None, None, '低', datetime.date(2024, 5, 1)],
    ['丙公司', 'XA3', 123, None, None, None],  # bad: not a mobile number
    None,  # a blank row
    ['丁公司', 'XA4', None, None, '中', datetime.datetime(2024, 5, 1, 9, 30, 0)],
]
for r, row in enumerate(rows):
    if row is None:
        continue
    for c, value in enumerate(row):
        if value is None:
            continue
        if isinstance(value, datetime.datetime):
            ws.write(r, c, value, DATETIME)
        elif isinstance(value, datetime.date):
            ws.write(r, c, value, DATE)
        else:
            ws.write(r, c, value)
wb.save('customers.xls')

# (b) source of libreoffice.xls: every cell kind, then 600 distinct texts so that the shared
# string table LibreOffice writes spans CONTINUE records. Written to /tmp: only the converted file is kept.
wb = xlwt.Workbook(encoding='utf-8')
ws = wb.add_sheet('类型')
ws.write(0, 0, '文本')
ws.write(0, 1, '整数')
ws.write(0, 2, '整数2')
ws.write(0, 3, '小数')
ws.write(0, 4, '日期')
ws.write(0, 5, '时间')
ws.write(0, 6, '布尔')
ws.write(0, 7, '公式')
ws.write(0, 8, '公式2')
ws.write(0, 9, '金额')
ws.write(1, 0, '中文 and ASCII')
ws.write(1, 1, 42)
ws.write(1, 2, -7)
ws.write(1, 3, 12.34)
ws.write(1, 4, datetime.date(2024, 2, 29), DATE)
ws.write(1, 5, datetime.time(13, 45), TIME)
ws.write(1, 6, True)
ws.write(1, 7, xlwt.Formula('B2+C2'))
ws.write(1, 8, xlwt.Formula('B2*C2'))
ws.write(1, 9, 1234.5, MONEY)
ws.write(2, 0, 'plain ascii')
ws.write(2, 1, 123456789)
ws.write(2, 2, 0.1)
ws.write(2, 3, 1e15)
ws.write(2, 4, datetime.datetime(1999, 12, 31, 23, 59, 59), DATETIME)
ws.write(2, 6, False)
ws.write(2, 7, xlwt.Formula('1/0'))
ws.write(2, 8, xlwt.Formula('B3>0'))
# row 4 left empty; rows 5.. hold the texts, four a row
for i in range(600):
    ws.write(4 + i // 4, i % 4, ('文本%d：测试' if i % 5 else 'text %d: ascii') % i)
other = wb.add_sheet('第二页')
other.write(0, 0, '不应读取')
wb.save('/tmp/source-libreoffice.xls')

# (c) dates1904.xls: the 1904 date system.
wb = xlwt.Workbook(encoding='utf-8')
wb.dates_1904 = True
ws = wb.add_sheet('Sheet1')
ws.write(0, 0, '日期')
ws.write(1, 0, datetime.date(2024, 5, 1), DATE)
wb.save('dates1904.xls')

# (d) sst-split.xls: 500 distinct texts; xlwt splits strings in the middle of their characters at
# each CONTINUE of the shared string table (a UTF-16 one at the first, a compressed one at the second).
wb = xlwt.Workbook(encoding='utf-8')
ws = wb.add_sheet('S')
for i in range(500):
    text = ('第%d条：' % i) + '汉字' * (5 + i % 7) if i % 3 else 'ascii text number %d ' % i + 'x' * (i % 29)
    ws.write(i // 2, i % 2, text)
wb.save('sst-split.xls')
