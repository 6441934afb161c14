"""Os documentos do procedimento ambiental emitidos da página do processo: a lista oferece o
Auto de Infração por Poluição, e a Notificação do LTA ainda não (a página diz o ato que falta);
o auto emitido aparece na página e se verifica pelo código, e a notificação do LTA pedida antes
da ciência é recusada com o motivo."""

from __future__ import annotations

import io
import re

from fastapi.testclient import TestClient
from pypdf import PdfReader

from .test_paginas import entrar
from .test_paginas_custodia import _bloco
from .test_paginas_poluicao import _abrir


def test_auto_de_poluicao_emitido_na_pagina_do_processo_e_verificavel(
    cliente: TestClient,
) -> None:
    csrf = entrar(cliente, "autoridade.cpsc")
    url, _ = _abrir(cliente)
    pagina = cliente.get(url).text
    assert 'value="auto_de_infracao_poluicao"' in pagina
    # a notificação do LTA ainda não se emite: a página não a oferece e diz o ato que falta
    assert 'value="notificacao_laudo"' not in pagina
    assert "Ciência do conteúdo do LTA ao infrator" in _bloco(pagina, "por-vir-notificacao_laudo")
    recusa = cliente.post(f"{url}/documentos", data={"csrf": csrf, "tipo": "notificacao_laudo"})
    assert recusa.status_code == 409
    assert "Ciência do conteúdo do LTA ao infrator" in recusa.text
    r = cliente.post(f"{url}/documentos", data={"csrf": csrf, "tipo": "auto_de_infracao_poluicao"})
    assert r.status_code == 303, r.text
    pagina = cliente.get(url).text
    m = re.search(rf'href="({url}/documentos/\d+\.pdf)">Auto de Infração por Poluição</a>', pagina)
    assert m, "o documento emitido aparece na página"
    pdf = cliente.get(m.group(1)).content
    paginas = PdfReader(io.BytesIO(pdf)).pages
    texto = "".join("".join((p.extract_text() or "").split()) for p in paginas)
    assert "Manchadeóleode300mapartirdocostado,visíveldocais." in texto  # a digitada
    assert "1.200,5litros" in texto
    codigo = re.search(r'href="/verificar/([A-Z0-9-]+)"', pagina)
    assert codigo and "Documento autêntico" in cliente.get(f"/verificar/{codigo.group(1)}").text
