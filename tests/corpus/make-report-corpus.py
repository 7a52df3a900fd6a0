#!/usr/bin/python3
"""Report PDFs as labs' tools write them, one or more per row of issue 69, made with tools that are not
the app's: ReportLab (non-embedded STSong-Light in three encodings, an embedded TrueType Chinese font, a
form with annotations, A4 landscape), Pillow and img2pdf (scans: 300-dpi JPEG, JPEG 2000, CCITT G4),
Chromium's print-to-PDF (60 pages), qpdf (linearized, owner-locked, AES-256 with a user password, and
its output truncated), and poppler's pdftoppm for a reference drawing of each page 1.

Usage: make-report-corpus.py OUT_DIR   (writes the PDFs, page 1 of each as reference-<name>.png, and
manifest.json: what each file is and what page 1 says). Debian's packages: python3-reportlab, img2pdf
(with python3-pil), qpdf, poppler-utils, chromium-headless-shell, fonts-wqy-microhei.

The JBIG2 scan is the one file assembled here: no Debian package writes JBIG2, so its page is coded as
a JBIG2 generic region with MMR coding, whose bits are the CCITT G4 data libtiff (through Pillow) writes.
"""

import io
import json
import os
import shutil
import struct
import subprocess
import sys

import img2pdf
from PIL import Image, ImageDraw, ImageFont, TiffImagePlugin
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfbase import cidfonts, pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

OUT = sys.argv[1]
FONT_FILE = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'
# ReportLab needs the Adobe CMap files to measure text in a non-Unicode encoding; poppler-data has them.
cidfonts.CMapSearchPath.insert(0, '/usr/share/poppler/cMap/Adobe-GB1')

TITLE = '粪便隐血检测报告'
RESULT = '检测结果：阴性'
LINES = [
    '受检者：测试样本　性别：女　年龄：61 岁',
    '采样管编码：SC20261201　检测项目：粪便隐血（FIT）',
    RESULT,
    '结论：本次未发现异常，建议按时参加下一轮筛查。',
]
manifest = []


def out(name):
    return os.path.join(OUT, name)


def add(name, row, pages=1, text=RESULT, problem=None):
    manifest.append({'name': name, 'row': row, 'pages': pages, 'text': text, 'problem': problem})


def report_page(c, font, size, encode=lambda s: s, top=None):
    """A report's page 1: a title, facts, the result, a rule, as generators lay them out."""
    width, height = c._pagesize
    y = (top or height) - 90
    c.setFont(font, 22)
    c.drawString(72, y, encode(TITLE))
    c.setLineWidth(1.5)
    c.line(72, y - 14, width - 72, y - 14)
    c.setFont(font, size)
    for line in LINES:
        y -= 36
        c.drawString(72, y, encode(line))
    c.rect(72, y - 60, width - 144, 30, fill=0)


def cid_report(name, encoding, row):
    if encoding == 'GBK-EUC-H':
        font = cidfonts.CIDFont('STSong-Light', 'GBK-EUC-H')
        encode = lambda s: s.encode('gbk').decode('latin-1')  # the raw GBK bytes
    else:
        font = cidfonts.UnicodeCIDFont('STSong-Light')
        encode = lambda s: s
        # UTF-16BE text, which is UCS-2 for these characters: only the CMap's name differs.
        font.encodingName = encoding
        font.name = font.fontName = f'STSong-Light-{encoding}'
    pdfmetrics.registerFont(font)
    c = canvas.Canvas(out(name), pagesize=A4)
    report_page(c, font.fontName, 14, encode)
    c.showPage()
    c.save()
    add(name, row)


def truetype_report(name, pagesize, size, row):
    pdfmetrics.registerFont(TTFont('WenQuanYi', FONT_FILE, subfontIndex=0))
    c = canvas.Canvas(out(name), pagesize=pagesize)
    report_page(c, 'WenQuanYi', size)
    c.showPage()
    c.save()
    add(name, row)


def form_report(name):
    pdfmetrics.registerFont(TTFont('WenQuanYi', FONT_FILE, subfontIndex=0))
    c = canvas.Canvas(out(name), pagesize=A4)
    report_page(c, 'WenQuanYi', 14)
    width, height = A4
    c.setFont('WenQuanYi', 14)
    c.drawString(72, 420, '复查预约（点击打开）：')
    c.linkURL('https://www.example.org/screening', (72, 410, 400, 436), relative=0)
    c.drawString(72, 380, '复查日期：')
    c.acroForm.textfield(name='review', value='2027-03-01', x=160, y=372, width=160, height=24,
                         fontName='Helvetica', fontSize=12, borderWidth=1)
    c.textAnnotation('医生备注：请于三个月后复查。', Rect=(width - 120, height - 120, width - 96, height - 96),
                     relative=0, Name='/Comment', T=pdfdoc.PDFString('李医生'))
    c.showPage()
    c.save()
    add(name, 'a form with annotations (a note, a link)')


def scan_image(dpi):
    """An A4 page as a scanner sees it: grey paper, dark print, a stamp-like box."""
    width, height = round(8.27 * dpi), round(11.69 * dpi)
    image = Image.new('L', (width, height), 246)
    draw = ImageDraw.Draw(image)
    unit = dpi / 72
    title = ImageFont.truetype(FONT_FILE, round(26 * unit))
    body = ImageFont.truetype(FONT_FILE, round(15 * unit))
    draw.text((72 * unit, 80 * unit), TITLE + '（扫描件）', font=title, fill=20)
    draw.line((72 * unit, 122 * unit, width - 72 * unit, 122 * unit), fill=30, width=round(2 * unit))
    y = 150 * unit
    for line in LINES:
        draw.text((72 * unit, y), line, font=body, fill=25)
        y += 34 * unit
    draw.rectangle((72 * unit, y + 20 * unit, 300 * unit, y + 120 * unit), outline=20, width=round(4 * unit))
    draw.text((90 * unit, y + 50 * unit), '检测机构专用章', font=body, fill=20)
    return image


def img2pdf_file(name, image_bytes, dpi):
    layout = img2pdf.get_fixed_dpi_layout_fun((dpi, dpi))
    with open(out(name), 'wb') as file:
        file.write(img2pdf.convert(image_bytes, layout_fun=layout))


def jpeg_scan(name):
    buffer = io.BytesIO()
    scan_image(300).save(buffer, 'JPEG', quality=80, dpi=(300, 300))
    img2pdf_file(name, buffer.getvalue(), 300)
    add(name, '300-dpi JPEG scan', text=None)


def jpx_scan(name):
    buffer = io.BytesIO()
    scan_image(150).save(buffer, 'JPEG2000', quality_mode='rates', quality_layers=[40], irreversible=True)
    img2pdf_file(name, buffer.getvalue(), 150)
    add(name, 'JPEG 2000 scan', text=None)


def bilevel_scan(dpi):
    return scan_image(dpi).point(lambda value: 255 if value > 128 else 0, mode='1')


def g4_tiff(image):
    buffer = io.BytesIO()
    # One strip: img2pdf embeds a G4 TIFF's strip as it is, and the JBIG2 file takes it as MMR data.
    TiffImagePlugin.STRIP_SIZE = 1 << 30
    image.save(buffer, 'TIFF', compression='group4', dpi=(200, 200))
    return buffer.getvalue()


def ccitt_scan(name):
    img2pdf_file(name, g4_tiff(bilevel_scan(200)), 200)
    add(name, 'CCITT G4 scan', text=None)


def write_pdf(path, objects):
    """A PDF of the given object bodies (object 1 the catalog), with a correct cross-reference table."""
    data = bytearray(b'%PDF-1.5\n%\xe2\xe3\xcf\xd3\n')
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(data))
        data += f'{number} 0 obj\n'.encode() + body + b'\nendobj\n'
    xref = len(data)
    data += f'xref\n0 {len(objects) + 1}\n0000000000 65535 f \n'.encode()
    for offset in offsets:
        data += f'{offset:010d} 00000 n \n'.encode()
    data += f'trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n'.encode()
    with open(path, 'wb') as file:
        file.write(data)


def jbig2_scan(name):
    image = bilevel_scan(200)
    data = g4_tiff(image)
    tiff = Image.open(io.BytesIO(data))
    (start,), (length,) = tiff.tag_v2[273], tiff.tag_v2[279]
    mmr = data[start:start + length]
    width, height = image.size

    def segment(number, kind, data):
        # Segment header (T.88 7.2): number, flags (type; 1-byte page association), no referred
        # segments, page 1, data length.
        return struct.pack('>IBBBI', number, kind, 0, 1, len(data)) + data

    page_info = struct.pack('>IIIIBH', width, height, 0, 0, 0, 0)
    region = struct.pack('>IIIIB', width, height, 0, 0, 0) + b'\x01' + mmr  # generic region, MMR
    jbig2 = segment(0, 48, page_info) + segment(1, 38, region)
    page_w, page_h = width * 72 / 200, height * 72 / 200
    content = f'q {page_w:.2f} 0 0 {page_h:.2f} 0 0 cm /Im0 Do Q'.encode()
    write_pdf(out(name), [
        b'<< /Type /Catalog /Pages 2 0 R >>',
        b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        f'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {page_w:.2f} {page_h:.2f}] '
        '/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>'.encode(),
        f'<< /Type /XObject /Subtype /Image /Width {width} /Height {height} /ColorSpace /DeviceGray '
        # In JBIG2 a 1 is black; Pillow's G4 data codes the paper as 1: /Decode turns it round.
        f'/BitsPerComponent 1 /Decode [1 0] /Filter /JBIG2Decode /Length {len(jbig2)} >>\nstream\n'.encode()
        + jbig2 + b'\nendstream',
        f'<< /Length {len(content)} >>\nstream\n'.encode() + content + b'\nendstream',
    ])
    # qpdf reads it back (it would refuse a broken file) and writes it as qpdf writes files.
    subprocess.run(['qpdf', out(name), '--replace-input'], check=True)
    add(name, 'JBIG2 scan', text=None)


def printed_report(name, pages):
    html = out('print.html')
    sections = ''.join(
        f'<section><h1>{TITLE}　第 {n} 页</h1>'
        + ''.join(f'<p>{line}</p>' for line in LINES)
        + ''.join(f'<p>{n}.{k} 检测说明：本行用于检查长报告的显示与保存。</p>' for k in range(1, 21))
        + '</section>'
        for n in range(1, pages + 1)
    )
    with open(html, 'w', encoding='utf-8') as file:
        file.write('<!doctype html><meta charset="utf-8"><style>@page{size:A4;margin:20mm}'
                   'body{font-family:"WenQuanYi Micro Hei",sans-serif;font-size:12pt}'
                   'p{margin:0 0 4pt}section{break-after:page}</style>' + sections)
    browser = shutil.which('chromium-headless-shell') or shutil.which('chromium')
    subprocess.run([browser, '--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer',
                    f'--print-to-pdf={out(name)}', f'file://{html}'],
                   check=True, capture_output=True)
    os.remove(html)
    add(name, f"Chromium's print-to-PDF, {pages} pages", pages=pages)


def qpdf_variants(source):
    qpdf = lambda *args: subprocess.run(['qpdf', *args], check=True)
    qpdf('--linearize', out(source), out('qpdf-linearized.pdf'))
    add('qpdf-linearized.pdf', 'qpdf --linearize')
    # Printing and copying refused, no password to open: readers open it as it is.
    qpdf('--encrypt', '', 'owner-secret', '256', '--print=none', '--modify=none', '--extract=n', '--',
         out(source), out('qpdf-owner-locked.pdf'))
    add('qpdf-owner-locked.pdf', 'qpdf owner-locked (no user password)')
    qpdf('--encrypt', 'user-secret', 'owner-secret', '256', '--', out(source), out('qpdf-aes256-user.pdf'))
    add('qpdf-aes256-user.pdf', 'qpdf AES-256, user password', text=None, problem='locked')
    # Cut off halfway, as a download that stopped: with object streams, the pages are in the lost half.
    qpdf('--object-streams=generate', out(source), out('qpdf-full.pdf'))
    with open(out('qpdf-full.pdf'), 'rb') as file:
        data = file.read()
    os.remove(out('qpdf-full.pdf'))
    with open(out('qpdf-truncated.pdf'), 'wb') as file:
        file.write(data[: len(data) // 2])
    add('qpdf-truncated.pdf', 'qpdf output, truncated', text=None, problem='damaged')


def references():
    """Page 1 of each readable file as poppler draws it, small and grey: what pixels are compared with."""
    for entry in manifest:
        if entry['problem']:
            continue
        stem = out(f"reference-{entry['name'][:-4]}")
        subprocess.run(['pdftoppm', '-r', '24', '-f', '1', '-l', '1', '-gray', '-png', '-singlefile',
                        out(entry['name']), stem], check=True)
        entry['reference'] = os.path.basename(stem) + '.png'


os.makedirs(OUT, exist_ok=True)
cid_report('cid-unigb-ucs2.pdf', 'UniGB-UCS2-H', 'STSong-Light, not embedded, UniGB-UCS2-H')
cid_report('cid-unigb-utf16.pdf', 'UniGB-UTF16-H', 'STSong-Light, not embedded, UniGB-UTF16-H')
cid_report('cid-gbk-euc.pdf', 'GBK-EUC-H', 'STSong-Light, not embedded, GBK-EUC-H')
truetype_report('truetype-embedded.pdf', A4, 14, 'embedded TrueType Chinese font')
jpeg_scan('scan-jpeg-300dpi.pdf')
jpx_scan('scan-jpeg2000.pdf')
jbig2_scan('scan-jbig2.pdf')
ccitt_scan('scan-ccitt.pdf')
printed_report('print-60-pages.pdf', 60)
qpdf_variants('cid-unigb-utf16.pdf')
form_report('form-annotations.pdf')
# 10 pt body text: what became about 7 px tall in a picture sized by the screen's width.
truetype_report('a4-landscape.pdf', landscape(A4), 10, 'A4 landscape')
references()
with open(out('manifest.json'), 'w', encoding='utf-8') as file:
    json.dump(manifest, file, ensure_ascii=False, indent=1)
