"""O que a página do processo oferece para emitir é o que a emissão aceita: em cada processo da
demonstração (a LESTA em todos os estados, a apuração, o inquérito e o procedimento ambiental;
os documentos da custódia, em tests/e2e/web/test_paginas_custodia_destino.py) e para cada
usuário que emite documentos nele, `documentos.possiveis` dá o documento como disponível se e
só se a montagem dele (o que a emissão faz antes de desenhar o PDF) passa; o que não passa vem
com o motivo."""

from __future__ import annotations

from sqlalchemy import select

from farol.erros import Conflito, ErroFarol
from farol.pdf import dados as d
from farol.services import documentos
from farol.services.jurisdicao import ator_do_usuario
from farol.services.montagem_documentos import montar
from farol.store.db import Banco
from farol.store.orm import Processo, Usuario

VERIFICACAO = d.Verificacao(
    codigo="TESTE", url="https://farol.exemplo/verificar/TESTE", cadeia_seq=1, cadeia_hash="0" * 8
)


def test_disponivel_na_pagina_se_e_so_se_a_emissao_monta_o_documento(banco_demo: Banco) -> None:
    divergencias: list[str] = []
    disponiveis = recusados = 0
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        atores = [ator_do_usuario(s, u) for u in s.execute(select(Usuario)).scalars()]
        emissores = [a for a in atores if documentos.pode_emitir(a)]
        for p in s.execute(select(Processo).order_by(Processo.id)).scalars():
            for ator in emissores:
                try:
                    possiveis = documentos.possiveis.na_sessao(s, ator, p.id)
                except ErroFarol:  # fora da jurisdição do usuário
                    continue
                for x in possiveis:
                    try:
                        montar(s, p, d.TipoDocumento(x.tipo), VERIFICACAO)
                        montou, recusa = True, ""
                    except Conflito as e:
                        montou, recusa = False, e.mensagem
                    if montou != x.disponivel:
                        divergencias.append(
                            f"{p.numero} ({p.estado}) {ator.papel} {x.tipo}: página "
                            f"{x.disponivel}, emissão {montou} {recusa}"
                        )
                    if x.disponivel:
                        disponiveis += 1
                    else:
                        recusados += 1
                        assert x.motivo, (p.numero, x.tipo)
    assert divergencias == []
    # a demonstração tem os dois casos em quantidade (o teste não passa por não ter o que ver)
    assert disponiveis >= 50 and recusados >= 50, (disponiveis, recusados)
