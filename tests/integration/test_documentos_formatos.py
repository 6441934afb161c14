"""Os PDFs emitidos dos processos gravados (a demonstração) falam português: o comprimento da
embarcação "12,50 m", datas DD/MM/AAAA e valores R$ 600,00; nenhum formato de máquina."""

from __future__ import annotations

import io
import re

import pytest
from apoio import hash_rapido
from pypdf import PdfReader
from texto_humano import formatos_de_maquina

from farol.erros import ErroFarol
from farol.pdf.dados import TipoDocumento
from farol.relogio import hoje
from farol.services import documentos, usuarios
from farol.services.demo import carregar_demo
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco

URL = "https://farol.exemplo.mil.br"


def _texto(pdf: bytes) -> str:
    return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)


def test_documentos_dos_processos_gravados_sem_formato_de_maquina(
    banco: Banco, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    carregar_demo(banco, hoje(), log=lambda _: None)
    uow = BancoUnitOfWork(banco)
    emitidos: dict[str, str] = {}
    # o primeiro processo da demonstração em que cada tipo de documento pode ser emitido
    for pid in range(1, 30):
        for tipo in TipoDocumento:
            if tipo.value in emitidos:
                continue
            try:
                _, doc = documentos.emitir_em_nome(uow, str(pid), tipo.value, URL)
            except ErroFarol:
                continue
            emitidos[tipo.value] = _texto(doc.conteudo)
    assert {"auto_de_infracao", "decisao_julgamento", "notificacao_pagamento"} <= set(emitidos)
    for tipo, texto in emitidos.items():
        assert formatos_de_maquina(texto) == [], tipo

    auto = emitidos["auto_de_infracao"]
    # demonstração: comprimentos "N.50" (services/demo.py) impressos com vírgula: "8,50 m"
    assert re.search(r"\b\d+,50 m\b", auto)
    # OM com endereço (services/demo.py): a rua no cabeçalho, não o município repetido
    assert "Rua Almirante Lamego, nº 910, Centro, CEP 88015-600" in auto
    assert re.search(r"\d{2}/\d{2}/\d{4}, às \d{2}h\d{2}", auto)  # data e hora do fato
    pagamento = re.sub(r"\s+", " ", emitidos["notificacao_pagamento"])
    assert "VALOR TOTAL: R$ 600,00" in pagamento  # a multa da demonstração (MULTA, 600.00)
